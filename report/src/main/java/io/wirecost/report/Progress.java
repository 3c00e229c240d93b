package io.wirecost.report;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Progress on the terminal: one line rewritten in place when stderr is a terminal, plain
 * time-stamped lines otherwise (CI logs, pipes).
 */
public final class Progress implements Consumer<String> {

    private final PrintStream out;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private int lastLength;

    public Progress(PrintStream out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    @Override
    public synchronized void accept(String message) {
        String line = String.format(Locale.ROOT, "[%6.1fs] %s", (System.nanoTime() - start) / 1e9, message);
        if (terminal) {
            out.print('\r' + line + " ".repeat(Math.max(0, lastLength - line.length())));
            lastLength = line.length();
        } else {
            out.println(line);
        }
        out.flush();
    }

    /** Ends an in-place line before other output. */
    public synchronized void done() {
        if (terminal && lastLength > 0) out.println();
        lastLength = 0;
    }
}
