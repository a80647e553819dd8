"""The image measures the real-terminal checks and the benchmarks share, so that a score means
the same everywhere: luma, SSIM, PSNR, and screenshots read from xwd dumps.

Needs numpy and scipy (scripts/setup --for-tests installs them); a script that imports this says
so and stops when they are missing.
"""
import struct
import sys

try:
    import numpy as np
    from scipy.ndimage import gaussian_filter
except ImportError as missing:
    sys.exit(f"{missing.name} is missing: run scripts/setup --for-tests (it installs numpy, scipy and pillow)")


def luma(rgb):
    """Rec. 709 luma of an RGB array (0-255)."""
    return rgb[..., 0] * 0.2126 + rgb[..., 1] * 0.7152 + rgb[..., 2] * 0.0722


def ssim(a, b):
    """Mean SSIM of two luma images (Wang et al. 2004: 11x11 Gaussian window, sigma 1.5, K1 .01,
    K2 .03)."""
    def blur(image):
        return gaussian_filter(image, 1.5, truncate=5 / 1.5, mode="reflect")
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mu_a, mu_b = blur(a), blur(b)
    var_a = blur(a * a) - mu_a ** 2
    var_b = blur(b * b) - mu_b ** 2
    cov = blur(a * b) - mu_a * mu_b
    value = ((2 * mu_a * mu_b + c1) * (2 * cov + c2)) / ((mu_a ** 2 + mu_b ** 2 + c1) * (var_a + var_b + c2))
    return float(value.mean())


def psnr(a, b):
    """Peak signal-to-noise ratio in dB (99 for identical images)."""
    mse = float(((a - b) ** 2).mean())
    return 99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse)


def read_xwd(path):
    """An xwd dump (ZPixmap, 24 or 32 bits a pixel) as an RGB array."""
    with open(path, "rb") as handle:
        data = handle.read()
    fields = struct.unpack(">25I", data[:100])
    header_size, pixmap_format, width, height = fields[0], fields[2], fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    red_mask, green_mask, blue_mask, colors = fields[14], fields[15], fields[16], fields[19]
    if pixmap_format != 2 or bits_per_pixel not in (24, 32):
        raise SystemExit(f"unexpected xwd format {pixmap_format}/{bits_per_pixel} bpp in {path}")
    start = header_size + colors * 12
    rows = np.frombuffer(data[start:start + height * bytes_per_line], dtype=np.uint8).reshape(height, bytes_per_line)
    step = bits_per_pixel // 8
    raw = rows[:, :width * step].reshape(height, width, step).astype(np.uint32)
    pixels = raw[..., 0] | raw[..., 1] << 8 | raw[..., 2] << 16
    if byte_order != 0:
        pixels = raw[..., step - 1] | raw[..., step - 2] << 8 | raw[..., step - 3] << 16

    def channel(mask):
        shift = (mask & -mask).bit_length() - 1
        return ((pixels & mask) >> shift).astype(float)
    return np.stack([channel(red_mask), channel(green_mask), channel(blue_mask)], axis=-1)
