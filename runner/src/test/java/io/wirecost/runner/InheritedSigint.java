package io.wirecost.runner;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether this JVM started with SIGINT ignored. A non-interactive shell starts its background jobs that way
 * ({@code mvn verify &}), the JVM then installs no handler, and every process it starts inherits the ignored
 * signal: a Ctrl-C test would fail on "does not stop", which says nothing about the code under test.
 */
final class InheritedSigint {

    static final String WHY = "SIGINT is ignored in this JVM (SigIgn in /proc/self/status), so also in the processes"
            + " it starts: run them through ./test, which restores SIGINT's default, or in the foreground";

    private InheritedSigint() {}

    /** True where /proc says SIGINT is ignored; false where it is not or /proc cannot say. */
    static boolean ignored() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:"))
                    return new BigInteger(line.substring(7).trim(), 16).testBit(1);
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return false;
    }
}
