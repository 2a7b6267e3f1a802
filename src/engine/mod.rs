//! The AI: search and evaluation over the rules layer. No web types.
