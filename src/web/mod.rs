//! The browser layer: canvas board, input, worker bridge, embedding, storage (wasm32 only).
