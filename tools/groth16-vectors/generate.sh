#!/usr/bin/env bash
# Regenerates the snarkjs Groth16 vectors and the circomlibjs MiMC vectors under
# tests/vectors/groth16/ (run from anywhere; needs node and npm, about 5 minutes):
#   tools/groth16-vectors/generate.sh [WORKDIR]
# Circuits are compiled by circom2 (circom compiled to wasm), keys made by a fresh
# powers-of-tau and one phase-2 contribution, proofs by `snarkjs groth16 fullprove`, for both
# curves snarkjs supports (bn128 = BN254, bls12381); Solidity calldata for bn128 only (snarkjs
# exports Solidity verifiers for bn128 only).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d)}
out=$repo/tests/vectors/groth16
mkdir -p "$work"
cp "$here/package.json" "$here"/*.mjs "$work/"
cp -r "$here/circuits" "$work/"
cd "$work"
[ -d node_modules ] || npm install --no-audit --no-fund >/dev/null
snarkjs="node node_modules/snarkjs/cli.js"

node mimc_vectors.mjs > "$out/mimc/circomlibjs.json"

inputs() { # circuit index
    case "$1" in
    multiplier) printf '%s\n' '{"a":"3","b":"11"}' '{"a":"123456789012345678901234567890","b":"987654321098765432109876543210"}' ;;
    mimc_preimage) printf '%s\n' '{"x":"1"}' '{"x":"21888242871839275222246405745257275088548364400416034343698204186575808495616"}' ;;
    many_inputs) node -e 'for (const k of [1, 2]) console.log(JSON.stringify({x: Array.from({length: 100}, (_, i) => String((i + 1) * 7919 * k + i * i))}))' ;;
    esac
}

for curve in bn128 bls12381; do
    prime=$curve  # circom names the primes as snarkjs names the curves
    $snarkjs powersoftau new $curve 11 pot0_$curve.ptau >/dev/null
    $snarkjs powersoftau contribute pot0_$curve.ptau pot1_$curve.ptau --name=ctt -e="ctt groth16 vectors $curve" >/dev/null
    $snarkjs powersoftau prepare phase2 pot1_$curve.ptau pot_$curve.ptau >/dev/null
    for c in multiplier mimc_preimage many_inputs; do
        d=$out/snarkjs/$curve/$c
        rm -rf "$d"; mkdir -p "$d"
        node node_modules/circom2/cli.js circuits/$c.circom --r1cs --wasm --prime "$prime" -o . >/dev/null
        $snarkjs groth16 setup $c.r1cs pot_$curve.ptau ${c}_0.zkey >/dev/null
        $snarkjs zkey contribute ${c}_0.zkey ${c}_$curve.zkey --name=ctt -e="ctt $c $curve" >/dev/null
        $snarkjs zkey export verificationkey ${c}_$curve.zkey "$d/verification_key.json" >/dev/null
        i=0
        while read -r input; do
            echo "$input" > input.json
            $snarkjs groth16 fullprove input.json ${c}_js/$c.wasm ${c}_$curve.zkey "$d/proof_$i.json" "$d/public_$i.json" </dev/null >/dev/null
            $snarkjs groth16 verify "$d/verification_key.json" "$d/public_$i.json" "$d/proof_$i.json" </dev/null | grep -q OK
            if [ $curve = bn128 ]; then
                $snarkjs zkey export soliditycalldata "$d/public_$i.json" "$d/proof_$i.json" </dev/null > "$d/calldata_$i.txt"
            fi
            i=$((i + 1))
        done < <(inputs $c)
    done
done
echo "written under $out"
