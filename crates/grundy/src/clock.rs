//! The one clock of the library: [`Instant`], the standard library's everywhere but on WebAssembly in a browser
//! (`wasm32`), where `std::time::Instant::now` panics for want of a system clock and the `web-time` crate's
//! `Instant` (the page's `performance.now()`, with the same methods) stands in. Every deadline and every timing
//! reads this one; it depends on nothing in the crate.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;
