package io.wirecost.runner;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A JVM that does nothing but rewrite three files through {@link AtomicFiles}, as a run rewrites its
 * results after every scenario, until it is interrupted. Each file names its own length in its first line
 * and ends with {@code END}, so a reader can tell a complete file from a cut one.
 */
public final class AtomicWriterLoop {

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String[] names = {"results.json", "shares.csv", "report.html"};
        for (int round = 0; ; round++) {
            for (String name : names) {
                int lines = 20_000 + 7_919 * (round % 13); // files of 0.6 to 3 MB, of different lengths each round
                AtomicFiles.write(dir.resolve(name), out -> {
                    PrintStream ps = new PrintStream(out, false, StandardCharsets.UTF_8);
                    ps.println("lines " + lines);
                    for (int i = 0; i < lines; i++) ps.println("line " + i + " of a result the run measured");
                    ps.println("END");
                    ps.flush();
                });
            }
            if (round == 0) {
                System.out.println("ready");
                System.out.flush();
            }
        }
    }
}
