//! Regenerates `data/trusted_setup.bin`, the embedded binary form of the mainnet setup, from
//! `data/trusted_setup.txt` (validating every point on the way):
//!
//! ```text
//! cargo run --release -p ctt-kzg --example gen_mainnet_setup
//! ```
//! The test `embedded_setup_is_generated_from_the_text` checks that the checked-in file equals
//! this output byte for byte.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let text = std::fs::read_to_string(dir.join("trusted_setup.txt"))?;
    let binary = ctt_kzg::trusted_setup_binary_from_text(&text)?;
    std::fs::write(dir.join("trusted_setup.bin"), &binary)?;
    println!(
        "wrote {} bytes to {}",
        binary.len(),
        dir.join("trusted_setup.bin").display()
    );
    Ok(())
}
