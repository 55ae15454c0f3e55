/*
 * Under -tags ctt_renamed: libctt's c-kzg-named functions under the names libctt_renamed.a gives
 * them (make lib-renamed: objcopy --redefine-syms with ckzg_renamed.syms), so that a program can
 * link c-kzg-4844 itself next to libctt. Included before ctt_kzg.h, so its declarations are
 * renamed too.
 */
#define blob_to_kzg_commitment ctt_ckzg_blob_to_kzg_commitment
#define bytes_from_bls_field ctt_ckzg_bytes_from_bls_field
#define bytes_to_kzg_commitment ctt_ckzg_bytes_to_kzg_commitment
#define compute_blob_kzg_proof ctt_ckzg_compute_blob_kzg_proof
#define compute_cells_and_kzg_proofs ctt_ckzg_compute_cells_and_kzg_proofs
#define compute_challenge ctt_ckzg_compute_challenge
#define compute_kzg_proof ctt_ckzg_compute_kzg_proof
#define compute_verify_cell_kzg_proof_batch_challenge ctt_ckzg_compute_verify_cell_kzg_proof_batch_challenge
#define free_trusted_setup ctt_ckzg_free_trusted_setup
#define load_trusted_setup ctt_ckzg_load_trusted_setup
#define load_trusted_setup_file ctt_ckzg_load_trusted_setup_file
#define recover_cells_and_kzg_proofs ctt_ckzg_recover_cells_and_kzg_proofs
#define verify_blob_kzg_proof ctt_ckzg_verify_blob_kzg_proof
#define verify_blob_kzg_proof_batch ctt_ckzg_verify_blob_kzg_proof_batch
#define verify_cell_kzg_proof_batch ctt_ckzg_verify_cell_kzg_proof_batch
#define verify_kzg_proof ctt_ckzg_verify_kzg_proof
