"""3x3 homography helpers (column vectors, pixel coordinates, y down)."""
import math

import numpy as np


def T(dx, dy):
    return np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], float)


def S(sx, sy=None):
    sy = sx if sy is None else sy
    return np.array([[sx, 0, 0], [0, sy, 0], [0, 0, 1]], float)


def R(deg):
    """Rotation by `deg` degrees clockwise as seen on screen (y axis points down)."""
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], float)


def apply(H, pts):
    pts = np.asarray(pts, float).reshape(-1, 2)
    h = np.hstack([pts, np.ones((len(pts), 1))]) @ H.T
    return h[:, :2] / h[:, 2:3]


def from_points(src, dst):
    """Homography mapping 4 src points onto 4 dst points."""
    A, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    h = np.linalg.solve(np.array(A, float), np.array(b, float))
    return np.append(h, 1).reshape(3, 3)


def pil_coeffs(H):
    """PIL PERSPECTIVE data for warping with forward map H (input -> output)."""
    Hi = np.linalg.inv(H)
    Hi = Hi / Hi[2, 2]
    return tuple(Hi.flatten()[:8])


def quad(x, y, w, h):
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], float)


def aabb(pts):
    pts = np.asarray(pts)
    x0, y0 = pts.min(0)
    x1, y1 = pts.max(0)
    return x0, y0, x1, y1


def rot90_frame(rotation, w, h):
    """Matrix turning an upright w x h frame clockwise by `rotation` (0/90/180/270)."""
    if rotation == 0:
        return np.eye(3)
    if rotation == 90:   # (x, y) -> (h - y, x)
        return np.array([[0, -1, h], [1, 0, 0], [0, 0, 1]], float)
    if rotation == 180:
        return np.array([[-1, 0, w], [0, -1, h], [0, 0, 1]], float)
    if rotation == 270:  # (x, y) -> (y, w - x)
        return np.array([[0, 1, 0], [-1, 0, w], [0, 0, 1]], float)
    raise ValueError(rotation)
