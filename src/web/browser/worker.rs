//! The AI's Web Worker seen from the page ([`AiWorker`]), and the worker's side of the messages.

use super::*;

/// The page's handle on the AI worker (`www/worker.js` running the AI's wasm module).
pub struct AiWorker {
    worker: web_sys::Worker,
}

impl AiWorker {
    /// Starts the worker at `url` (it loads the AI's own wasm module). `on_message` gets every
    /// reply; `on_error` is called if the worker dies.
    pub fn spawn(
        url: &str,
        on_message: impl FnMut(JsValue) + 'static,
        on_error: impl FnMut() + 'static,
    ) -> Result<AiWorker, BrowserError> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(url, &options).map_err(describe)?;
        let mut on_message = on_message;
        let message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                on_message(e.data())
            });
        worker.set_onmessage(Some(message.as_ref().unchecked_ref()));
        message.forget(); // lives as long as the page
        let mut on_error = on_error;
        let error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            // Handled: the page restarts the worker, so the browser need not report it.
            e.prevent_default();
            on_error()
        });
        worker.set_onerror(Some(error.as_ref().unchecked_ref()));
        error.forget(); // lives as long as the page
        Ok(AiWorker { worker })
    }

    /// Sends `message` to the worker.
    pub fn post<T: Serialize>(&self, message: &T) -> Result<(), BrowserError> {
        let value = to_js(message)?;
        self.worker.post_message(&value).map_err(describe)
    }

    /// Stops the worker at once (a search in progress is abandoned).
    pub fn terminate(&self) {
        self.worker.terminate();
    }
}

/// In the worker: sends `message` to the page.
pub fn post_to_page<T: Serialize>(message: &T) -> Result<(), BrowserError> {
    let value = to_js(message)?;
    js_sys::global()
        .dyn_into::<web_sys::DedicatedWorkerGlobalScope>()
        .map_err(|_| "not running in a worker".to_string())?
        .post_message(&value)
        .map_err(describe)
}
