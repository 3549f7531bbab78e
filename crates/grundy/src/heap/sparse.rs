//! The sparse-space (rare/common) engine (issue: octal games at record scale).
