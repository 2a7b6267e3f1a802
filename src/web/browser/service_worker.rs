//! The service worker: registering it, noticing a new build waiting, switching to it.

use super::*;

/// The page's service worker container, or `None` where there is none (an insecure origin, some
/// private modes): the page then simply runs without offline support.
fn service_workers() -> Option<web_sys::ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    js_sys::Reflect::has(&navigator, &"serviceWorker".into())
        .unwrap_or(false)
        .then(|| navigator.service_worker())
}

/// Registers the service worker at `script` (its scope: the script's folder) and calls
/// `on_update_waiting` when a newer version of the site has been downloaded and waits to take
/// over: found at start-up (downloaded during an earlier visit) or while the page is open.
/// A registration that fails (e.g. offline on the very first visit) is logged as a warning.
pub fn register_service_worker(script: &str, on_update_waiting: impl Fn() + 'static) {
    let Some(container) = service_workers() else {
        return;
    };
    let on_update_waiting: std::rc::Rc<dyn Fn()> = std::rc::Rc::new(on_update_waiting);
    let registered = Closure::once(move |value: JsValue| {
        // Not a registration where something stands in for the browser's `register` (test tools).
        if let Ok(registration) = value.dyn_into::<web_sys::ServiceWorkerRegistration>() {
            watch_for_updates(&registration, on_update_waiting);
        }
    });
    let failed = Closure::once(|error: JsValue| {
        log_warning(&format!("no offline support: {}", describe(error)));
    });
    let _ = container.register(script).then2(&registered, &failed);
    registered.forget(); // called once by the browser
    failed.forget();
}

fn watch_for_updates(
    registration: &web_sys::ServiceWorkerRegistration,
    on_update_waiting: std::rc::Rc<dyn Fn()>,
) {
    // With no controller this page came from the network: what installs is the first version,
    // not an update.
    let is_update = || service_workers().is_some_and(|c| c.controller().is_some());
    if registration.waiting().is_some() && is_update() {
        on_update_waiting();
    }
    let watched = registration.clone();
    let found = Closure::<dyn FnMut()>::new(move || {
        let Some(installing) = watched.installing() else {
            return;
        };
        let worker = installing.clone();
        let on_update_waiting = on_update_waiting.clone();
        let changed = Closure::<dyn FnMut()>::new(move || {
            if worker.state() == web_sys::ServiceWorkerState::Installed && is_update() {
                on_update_waiting();
            }
        });
        installing.set_onstatechange(Some(changed.as_ref().unchecked_ref()));
        changed.forget(); // lives as long as that worker
    });
    registration.set_onupdatefound(Some(found.as_ref().unchecked_ref()));
    found.forget(); // lives as long as the page
}

impl El {
    /// The page's `<body>`.
    pub fn body() -> Result<El, BrowserError> {
        document()?
            .body()
            .map(El)
            .ok_or_else(|| "the page has no body".to_string())
    }
}

/// Whether this page asked the waiting version to take over (it then reloads by itself).
static SWITCH_ASKED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Calls `on_replaced` each time a new version of the service worker takes over this page while
/// it runs (another tab switched to it): the page's later requests get that version's files.
/// The first worker taking over a page that came from the network is no replacement.
pub fn on_service_worker_replaced(on_replaced: impl Fn() + 'static) {
    let Some(container) = service_workers() else {
        return;
    };
    let had_controller = std::cell::Cell::new(container.controller().is_some());
    let changed = Closure::<dyn FnMut()>::new(move || {
        let asked_here = SWITCH_ASKED.load(std::sync::atomic::Ordering::Relaxed);
        if had_controller.replace(true) && !asked_here {
            on_replaced();
        }
    });
    let _ = container
        .add_event_listener_with_callback("controllerchange", changed.as_ref().unchecked_ref());
    changed.forget(); // lives as long as the page
}

/// Loads the page again.
pub fn reload_page() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

/// Asks the waiting new version of the service worker to take over now, and reloads the page
/// once it has (the page then runs on the new version's files).
pub fn activate_waiting_service_worker() {
    let Some(container) = service_workers() else {
        return;
    };
    SWITCH_ASKED.store(true, std::sync::atomic::Ordering::Relaxed);
    let reload = Closure::once(reload_page);
    container.set_oncontrollerchange(Some(reload.as_ref().unchecked_ref()));
    reload.forget(); // called once by the browser
    let ask = Closure::once(|value: JsValue| {
        let Ok(registration) = value.dyn_into::<web_sys::ServiceWorkerRegistration>() else {
            return;
        };
        if let Some(waiting) = registration.waiting() {
            let message = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&message, &"type".into(), &"activate".into());
            let _ = waiting.post_message(&message);
        }
    });
    let _ = container.ready().map(|ready| ready.then(&ask));
    ask.forget();
}
