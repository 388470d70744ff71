pub mod swiss;
