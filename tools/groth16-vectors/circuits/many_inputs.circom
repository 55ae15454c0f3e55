pragma circom 2.0.0;

// 100 public inputs x and the output s = Σ xᵢ²: 101 public signals.
template ManyInputs(n) {
    signal input x[n];
    signal output s;
    signal sq[n];
    var acc = 0;
    for (var i = 0; i < n; i++) {
        sq[i] <== x[i] * x[i];
        acc += sq[i];
    }
    s <== acc;
}

component main {public [x]} = ManyInputs(100);
