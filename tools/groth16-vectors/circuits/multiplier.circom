pragma circom 2.0.0;

// c = a·b with a, b private: one constraint, one public signal (the output).
template Multiplier() {
    signal input a;
    signal input b;
    signal output c;
    c <== a * b;
}

component main = Multiplier();
