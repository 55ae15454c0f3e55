module github.com/ctt-crypto/ctt/bindings/go

go 1.24
