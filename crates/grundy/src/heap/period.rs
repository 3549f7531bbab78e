//! Periodicity of nim-value sequences (issue: octal games at record scale).
