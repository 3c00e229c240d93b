package io.wirecost.attribution;

/**
 * A JFR file's format version (chunk header bytes 4-7) and who writes it, so a file no reader here
 * takes is named for what it is instead of called corrupted.
 *
 * @param producerHint who writes this format, from strings near the file's start ("" when unknown)
 */
public record JfrFormat(int major, int minor, String producerHint) {

    /** async-profiler's reader, and so wirecost's own, reads format 2.x (JDK 11 and later, async-profiler 2+). */
    public boolean readByAsyncProfiler() {
        return major == 2;
    }

    public String version() {
        return major + "." + minor;
    }

    /** E.g. "JFR format 0.9 (Oracle JDK 7/8, JRockit R28 or async-profiler 1.x; here: JRockit)". */
    public String describe() {
        String writers = switch (major) {
            case 0 -> "Oracle JDK 7/8, JRockit R28 or async-profiler 1.x";
            case 1 -> "JDK 9/10";
            case 2 -> "JDK 11+ or async-profiler 2+";
            default -> major > 2 ? "newer than any JDK this reader knows" : "unknown";
        };
        return "JFR format " + version() + " (" + writers
                + (producerHint.isEmpty() ? "" : "; this file: " + producerHint) + ")";
    }
}
