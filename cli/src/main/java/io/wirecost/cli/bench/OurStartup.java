package io.wirecost.cli.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How {@code bench attribute} starts wirecost's side: with this JVM's own options, which the launcher chose (the
 * collector, C1 alone, the class-data-sharing archive of the CLI's classes), so the bench times what a user's
 * {@code ./wirecost attribute} runs. Start-up is a large part of a short command's time, so the bench says which
 * options those were and whether the archive really maps: the JVM ignores an unusable archive without a word, and
 * every start would then pay for loading and verifying each class.
 */
record OurStartup(List<String> jvmOptions, String archive) {

    /** This JVM's options; the {@code -D} properties are left out of the description, not of the command. */
    static OurStartup ofThisJvm() {
        List<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments();
        String archive = null;
        for (String o : options) {
            if (o.startsWith("-XX:SharedArchiveFile=")) archive = o.substring("-XX:SharedArchiveFile=".length());
        }
        return new OurStartup(List.copyOf(options), archive);
    }

    /**
     * One line for the bench's output: the start-up options and what class-data sharing the runs get. The archive is
     * checked by starting {@code wirecost --version} with {@code -Xshare:on}, which fails where {@code -Xshare:auto}
     * (the launcher's) would silently go without it.
     */
    String describe(Path javaHome, String classPath, Path log) throws IOException, InterruptedException {
        List<String> shown =
                jvmOptions.stream().filter(o -> !o.startsWith("-D")).toList();
        String sharing;
        if (archive == null) {
            sharing = "the JDK's default archive only (started without the launcher's archive: WIRECOST_CDS=0, "
                    + "WIRECOST_JAVA_OPTS or not through ./wirecost)";
        } else if (!Files.isRegularFile(Path.of(archive)) || Files.size(Path.of(archive)) == 0) {
            sharing = "none: the launcher's archive " + archive + " is missing or empty (its dump failed)";
        } else {
            List<String> check = new ArrayList<>(List.of(ProcessMeter.java(javaHome)));
            for (String o : jvmOptions) check.add(o.startsWith("-Xshare:") ? "-Xshare:on" : o);
            check.addAll(List.of("-cp", classPath, "io.wirecost.cli.Main", "--version"));
            boolean maps = ProcessMeter.run(check, log).exitCode() == 0;
            sharing = maps
                    ? String.format(
                            Locale.ROOT,
                            "the launcher's archive of the CLI's classes, %s (%.0f MB), checked to map",
                            archive,
                            Files.size(Path.of(archive)) / 1e6)
                    : "none: the JVM refuses the launcher's archive " + archive + " (see " + log
                            + "); every start loads and verifies the classes";
        }
        return "wirecost attribute starts as ./wirecost does: java " + String.join(" ", shown)
                + "; class-data sharing: " + sharing;
    }
}
