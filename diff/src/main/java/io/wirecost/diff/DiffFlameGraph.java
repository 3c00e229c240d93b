package io.wirecost.diff;

import io.wirecost.attribution.StackPaths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A differential flame graph as one self-contained HTML page (a static SVG, no script, no network).
 * Each side's samples are normalised by that side's total, so recordings of different lengths compare
 * fairly; a frame's width is the mean of its two normalised shares, so frames that vanished in the
 * candidate still show. Red: the frame's share grew; blue: it shrank; the stronger, the larger the
 * change. Hand-written, and kept after async-profiler 4.5 added {@code jfrconv --diff}: 4.5 colours the
 * new profile by {@code self(new) - self(base)} in raw sample counts and draws only the new profile's
 * shape (vanished frames are invisible), where this graph normalises each side by its total, draws the
 * frames of both sides and merges every repetition's recordings.
 */
public final class DiffFlameGraph {

    private static final int WIDTH = 1200;
    private static final int ROW = 16;
    private static final double MIN_FRACTION = 0.0005; // frames narrower than 0.05 % are not drawn

    private DiffFlameGraph() {}

    /** A frame to draw: its depth, horizontal extent (fractions of the width) and normalised shares. */
    private record Box(int level, double x, double w, String name, double base, double cand) {}

    /** The page of two sides' stacks ({@code JoinedStacks}, or {@code StackCounts.paths()}), each by its own total. */
    public static String render(String title, StackPaths base, StackPaths cand) {
        long baseTotal = base.total();
        long candTotal = cand.total();
        DiffTree.Node root = DiffTree.of(base, cand);
        List<Box> boxes = new ArrayList<>();
        collect(root, 0, 1.0, 0, Math.max(1, baseTotal), Math.max(1, candTotal), boxes);
        int depth = boxes.stream().mapToInt(Box::level).max().orElse(0);
        double maxDelta = boxes.stream()
                .mapToDouble(b -> Math.abs(b.cand() - b.base()))
                .max()
                .orElse(0);
        int top = 10;
        int height = top + (depth + 1) * ROW + 10;
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>")
                .append(HtmlText.escape(title))
                .append("</title>\n")
                .append(
                        "<style>body{font:12px sans-serif;margin:10px} text{font:11px monospace;pointer-events:none} rect:hover{stroke:#000}</style>")
                .append("</head><body>\n<h3>")
                .append(HtmlText.escape(title))
                .append("</h3>\n<p>Width: mean of the frame's share in baseline and candidate; ")
                .append(
                        "<span style='color:#c00'>red</span>: grew, <span style='color:#00c'>blue</span>: shrank, normalised by each side's total (")
                .append(baseTotal)
                .append(" and ")
                .append(candTotal)
                .append(" samples). Hover a frame for its figures.</p>\n")
                .append("<svg xmlns='http://www.w3.org/2000/svg' width='")
                .append(WIDTH)
                .append("' height='")
                .append(height)
                .append("'>\n");
        for (Box b : boxes) {
            int y = top + (depth - b.level()) * ROW; // flame orientation: the root at the bottom
            sb.append(box(b, y, maxDelta == 0 ? 1 : maxDelta)).append('\n');
        }
        sb.append("</svg>\n</body></html>\n");
        return sb.toString();
    }

    /** Each frame's box, its shares its weights over its side's total. */
    private static void collect(
            DiffTree.Node n, double x, double w, int level, long baseTotal, long candTotal, List<Box> out) {
        out.add(new Box(level, x, w, n.name, (double) n.base / baseTotal, (double) n.cand / candTotal));
        double cx = x;
        for (DiffTree.Node c : n.children) {
            double cw = ((double) c.base / baseTotal + (double) c.cand / candTotal) / 2;
            if (cw >= MIN_FRACTION) collect(c, cx, cw, level + 1, baseTotal, candTotal, out);
            cx += cw;
        }
    }

    private static String box(Box b, int y, double maxDelta) {
        double delta = b.cand() - b.base();
        int fade = (int) Math.round(230 - 200 * Math.min(1, Math.abs(delta) / maxDelta));
        String fill = Math.abs(delta) < 1e-12
                ? "rgb(225,225,225)"
                : delta > 0
                        ? String.format(Locale.ROOT, "rgb(240,%d,%d)", fade, fade)
                        : String.format(Locale.ROOT, "rgb(%d,%d,240)", fade, fade);
        double px = b.x() * WIDTH;
        double pw = Math.max(b.w() * WIDTH - 0.5, 0.5);
        String note = b.cand() == 0 ? " (vanished)" : b.base() == 0 ? " (new)" : "";
        String text = pw > 40
                ? String.format(
                        Locale.ROOT,
                        "<text x='%.1f' y='%d'>%s</text>",
                        px + 3,
                        y + ROW - 4,
                        HtmlText.escape(fit(b.name(), (int) (pw / 7))))
                : "";
        return String.format(
                Locale.ROOT,
                "<g><title>%s%nbaseline %.2f %%, candidate %.2f %%, change %+.2f points%s</title>"
                        + "<rect x='%.1f' y='%d' width='%.1f' height='%d' fill='%s'/>%s</g>",
                HtmlText.escape(b.name()),
                100 * b.base(),
                100 * b.cand(),
                100 * delta,
                note,
                px,
                y,
                pw,
                ROW - 1,
                fill,
                text);
    }

    private static String fit(String s, int chars) {
        return s.length() <= chars ? s : chars < 3 ? "" : s.substring(0, chars - 2) + "..";
    }
}
