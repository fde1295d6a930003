//! `turncoat match`: engine-vs-engine tournaments in every variant.

pub mod stats;
