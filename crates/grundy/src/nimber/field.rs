//! The field of nimbers below 2^64: nim-multiplication, powers and inverses (issue: nim multiplication).
