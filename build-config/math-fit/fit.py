#!/usr/bin/env python3
"""Fits the single-precision minimax-like polynomials of FloatMath (docs/math-accuracy.md).

Each fit is a weighted least-squares fit in mpmath precision on 4000 Chebyshev points of the
interval, minimizing relative error, followed by a few Lawson iterations (reweighting by the error)
that drive it towards the minimax polynomial; coefficients are rounded to float one at a time,
refitting the rest after each rounding (so the later ones absorb the rounding error). Prints the
coefficients as Java hex float literals and the max relative error of the rounded polynomial.
usage: python3 fit.py   (needs numpy and mpmath)
"""
import mpmath as mp
import numpy as np
import struct

mp.mp.dps = 40


def f32(v):
    return struct.unpack('f', struct.pack('f', float(v)))[0]


def hexf(v):
    v = f32(v)
    if v == 0:
        return "0f"
    m, e = np.frexp(v)
    bits = struct.unpack('I', struct.pack('f', v))[0]
    mant = bits & 0x7FFFFF
    exp = ((bits >> 23) & 0xFF) - 127
    s = "-" if v < 0 else ""
    return f"{s}0x1.{mant << 1:06x}p{exp}f"


def fit(name, target, basis, lo, hi, n_terms, fixed=()):
    """target(t) ~ sum c_j basis(j, t); relative error of the full function given by rel(t)."""
    pts = [mp.mpf(lo + hi) / 2 + mp.mpf(hi - lo) / 2 * mp.cos(mp.pi * (k + 0.5) / 4000) for k in range(4000)]
    pts = [p for p in pts if p != 0]
    ys = np.array([float(target(p)) for p in pts])
    A = np.array([[float(basis(j, p)) for j in range(n_terms)] for p in pts])
    scale = np.array([float(s) for s in (target.scale(p) for p in pts)])
    coeffs = []
    w = np.ones(len(pts))
    for j in range(n_terms):
        resid = ys - (A[:, :j] @ np.array(coeffs) if coeffs else 0)
        for _ in range(30):
            W = w / scale
            c, *_ = np.linalg.lstsq(A[:, j:] * W[:, None], resid * W, rcond=None)
            err = np.abs(A[:, j:] @ c - resid) / scale
            w = w * (err / err.max() + 1e-3) ** 0.5
            w /= w.max()
        coeffs.append(f32(c[0]))
    err = (A @ np.array(coeffs) - ys) / scale
    print(f"{name}: max rel err {np.abs(err).max():.3e} = 2^{np.log2(np.abs(err).max()):.1f}")
    print("   ", ", ".join(hexf(c) for c in coeffs))
    return coeffs


class T:
    def __init__(self, f, scale):
        self.f, self.scale = f, scale

    def __call__(self, t):
        return self.f(t)


# tanh(x) = x + x^3 P(x^2) on |x| <= 0.5625: P(u) = (tanh(x)/x - 1)/x^2; error relative to tanh
tanh_small = T(lambda u: (mp.tanh(mp.sqrt(u)) / mp.sqrt(u) - 1) / u,
               lambda u: mp.tanh(mp.sqrt(u)) / mp.sqrt(u) / u)
fit("tanh P(x^2) [0,0.5625]", tanh_small, lambda j, u: u ** j, 1e-6, 0.5625 ** 2, 5)
# sin(r) = r + r^3 S(r^2) on |r| <= pi/4 (+ slack)
R = 0.7854
sin_t = T(lambda u: (mp.sin(mp.sqrt(u)) / mp.sqrt(u) - 1) / u, lambda u: mp.sin(mp.sqrt(u)) / mp.sqrt(u) / u)
fit("sin S(r^2)", sin_t, lambda j, u: u ** j, 1e-6, R * R, 3)
cos_t = T(lambda u: (mp.cos(mp.sqrt(u)) - 1) / u, lambda u: mp.cos(mp.sqrt(u)) / u)
fit("cos C(r^2)", cos_t, lambda j, u: u ** j, 1e-6, R * R, 4)
# 2^r = 1 + r Q(r) on |r| <= 1/2 (exp2), error relative to 2^r
exp2_t = T(lambda r: (mp.power(2, r) - 1) / r, lambda r: abs(mp.power(2, r) / r))
fit("exp2 Q(r)", exp2_t, lambda j, r: r ** j, -0.5, 0.5, 6)
# 10^r = 1 + r Q(r) on |r| <= log10(2)/2 (exp10)
h10 = float(mp.log10(2) / 2) * 1.01
exp10_t = T(lambda r: (mp.power(10, r) - 1) / r, lambda r: abs(mp.power(10, r) / r))
fit("exp10 Q(r)", exp10_t, lambda j, r: r ** j, -h10, h10, 6)
# sinh(x) = x + x^3 P(x^2) on |x| <= 1
sinh_t = T(lambda u: (mp.sinh(mp.sqrt(u)) / mp.sqrt(u) - 1) / u, lambda u: mp.sinh(mp.sqrt(u)) / mp.sqrt(u) / u)
fit("sinh P(x^2)", sinh_t, lambda j, u: u ** j, 1e-6, 1.0, 4)
# log2(1 + f) = f / ln2 + f^2 Q(f) on [2/3 - 1, 4/3 - 1] (log2), error relative to log2(1 + f)
log2_t = T(lambda f: (mp.log(1 + f) / mp.log(2) - f / mp.log(2)) / f ** 2,
           lambda f: abs(mp.log(1 + f) / mp.log(2) / f ** 2))
fit("log2 Q(f)", log2_t, lambda j, f: f ** j, -1 / 3, 1 / 3, 9)
# atan(t) = t + t^3 A(t^2) on |t| <= 1 (atan; larger arguments through pi/2 - atan(1/t))
atan_t = T(lambda u: (mp.atan(mp.sqrt(u)) / mp.sqrt(u) - 1) / u, lambda u: mp.atan(mp.sqrt(u)) / mp.sqrt(u) / u)
fit("atan A(t^2)", atan_t, lambda j, u: u ** j, 1e-6, 1.0, 9)
# asin(x) = x + x^3 B(x^2) on |x| <= 0.5625 (asin, acos)
asin_t = T(lambda u: (mp.asin(mp.sqrt(u)) / mp.sqrt(u) - 1) / u, lambda u: mp.asin(mp.sqrt(u)) / mp.sqrt(u) / u)
fit("asin B(x^2)", asin_t, lambda j, u: u ** j, 1e-6, 0.5625 ** 2, 6)
# e^r - 1 = r + r^2 P(r) on |r| <= ln2/2 (+ slack) (expm1), error relative to e^r - 1
hln2 = float(mp.log(2) / 2) * 1.01
expm1_t = T(lambda r: (mp.expm1(r) - r) / r ** 2, lambda r: abs(mp.expm1(r) / r ** 2))
fit("expm1 P(r)", expm1_t, lambda j, r: r ** j, -hln2, hln2, 6)
