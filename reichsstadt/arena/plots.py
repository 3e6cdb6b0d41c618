"""Tournament plots (PNG, matplotlib without a display): ratings with their intervals,
win shares with 95 % intervals against the fair share, score distributions."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core import BadOption, Message

if TYPE_CHECKING:
    from .tournament import TournamentResult


def _pyplot() -> Any:   # matplotlib.pyplot, imported on demand
    try:
        import matplotlib
    except ImportError:
        raise BadOption(Message("commands.needs.matplotlib")) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_all(result: "TournamentResult", folder: Path) -> list[Path]:
    plt = _pyplot()
    title = f"{result.game}, {result.players} players, {len(result.games)} games"
    rows = sorted(result.summary, key=lambda s: s.mu)
    names = [s.bot for s in rows]
    height = 1.2 + 0.5 * len(rows)
    out = []

    fig, ax = plt.subplots(figsize=(7, height))
    ax.errorbar([s.mu for s in rows], range(len(rows)), xerr=[2 * s.sigma for s in rows], fmt="o", capsize=4)
    ax.set_yticks(range(len(rows)), names)
    ax.set_xlabel("openskill Plackett-Luce rating: mu ± 2 sigma")
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_title(f"Ratings — {title}")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    out.append(folder / "ratings.png")
    fig.savefig(out[-1], dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, height))
    shares = [s.win_share for s in rows]
    ax.errorbar(shares, range(len(rows)), xerr=[[w - s.ci_low for w, s in zip(shares, rows)],
                                                 [s.ci_high - w for w, s in zip(shares, rows)]],
                fmt="o", capsize=4)
    ax.axvline(1 / result.players, color="grey", linestyle="--", label=f"fair share 1/{result.players}")
    ax.set_yticks(range(len(rows)), names)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win share (ties split), 95 % Wilson interval")
    ax.set_title(f"Wins — {title}")
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    out.append(folder / "wins.png")
    fig.savefig(out[-1], dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, height + 0.5))
    data = [[g.scores[s] for g in result.games for s, b in enumerate(g.bots) if b == name] for name in names]
    ax.boxplot(data, orientation="horizontal", showmeans=True)
    ax.set_yticks(range(1, len(rows) + 1), names)
    ax.set_xlabel("final score")
    ax.set_title(f"Scores — {title}")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    out.append(folder / "scores.png")
    fig.savefig(out[-1], dpi=110)
    plt.close(fig)
    return out
