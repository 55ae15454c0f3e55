pragma circom 2.0.0;

include "../node_modules/circomlib/circuits/mimcsponge.circom";

// Knowledge of x with MiMCSponge(x; k = 0) = hash: Tornado Cash's hash, 220 rounds; public
// signal: the hash (the output).
template MimcPreimage() {
    signal input x;
    signal output hash;
    component h = MiMCSponge(1, 220, 1);
    h.ins[0] <== x;
    h.k <== 0;
    hash <== h.outs[0];
}

component main = MimcPreimage();
