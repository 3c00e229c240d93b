package io.wirecost.cli.run;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The exact classpath of a scenario module: its compiled classes plus {@code target/classpath.txt},
 * written by {@code dependency:build-classpath} at build time. Each scenario JVM gets only its own
 * module's middleware, at the versions that module was built with.
 *
 * <p>With Maven property overrides (a candidate's {@code metro.version=4.0.4}, say), the dependencies
 * are resolved again by Maven with those properties, once per module and set of overrides; the
 * project's own classes stay the same, only the middleware jars change.
 */
public final class ModuleClasspath {

    private final Path projectRoot;
    private final Map<String, String> overrides;
    private final Map<String, String> cache = new ConcurrentHashMap<>();

    public ModuleClasspath(Path projectRoot) {
        this(projectRoot, Map.of());
    }

    public ModuleClasspath(Path projectRoot, Map<String, String> overrides) {
        this.projectRoot = projectRoot;
        this.overrides = new TreeMap<>(overrides);
    }

    public String of(String module) {
        return cache.computeIfAbsent(module, this::read);
    }

    private String read(String module) {
        Path dir = projectRoot.resolve(module);
        Path classes = dir.resolve("target").resolve("classes");
        Path deps = dir.resolve("target").resolve("classpath.txt");
        if (!Files.isDirectory(classes) || !Files.isRegularFile(deps)) {
            throw new IllegalArgumentException("scenario module '" + module + "' is not built (" + deps
                    + " missing); build with: mvn -q package -DskipTests");
        }
        try {
            String cp = overrides.isEmpty() ? Files.readString(deps).strip() : resolveWithOverrides(module, dir);
            return cp.isEmpty() ? classes.toString() : classes + File.pathSeparator + cp;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + deps + ": " + e.getMessage());
        }
    }

    private String resolveWithOverrides(String module, Path dir) throws IOException {
        Path out = dir.resolve("target").resolve("classpath-" + Integer.toHexString(overrides.hashCode()) + ".txt");
        if (!Files.isRegularFile(out)) {
            List<String> cmd = new ArrayList<>(List.of("mvn", "-B", "-q", "-f", projectRoot.resolve("pom.xml").toString(),
                    "-pl", module, "-am", "dependency:build-classpath", "-Dmdep.includeScope=runtime",
                    "-Dmdep.outputFile=" + out.toAbsolutePath()));
            overrides.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
            // offline first (cached versions), then online for versions not downloaded yet
            if (!maven(withOffline(cmd), dir) && !maven(cmd, dir)) {
                throw new IllegalArgumentException("Maven cannot resolve module " + module + " with " + overrides
                        + " (see " + dir.resolve("target/classpath-resolve.log") + ")");
            }
        }
        // wirecost's own modules resolve to the local repository; use this checkout's classes instead
        StringBuilder sb = new StringBuilder();
        for (String entry : Files.readString(out).strip().split(File.pathSeparator)) {
            String e = entry;
            int at = entry.indexOf("/io/wirecost/wirecost-");
            if (at >= 0) {
                String artifact = entry.substring(at + "/io/wirecost/wirecost-".length()).split("/")[0];
                e = projectRoot.resolve(artifact).resolve("target").resolve("classes").toString();
            }
            if (sb.length() > 0) sb.append(File.pathSeparator);
            sb.append(e);
        }
        return sb.toString();
    }

    private static List<String> withOffline(List<String> cmd) {
        List<String> c = new ArrayList<>(cmd);
        c.add(1, "-o");
        return c;
    }

    private static boolean maven(List<String> cmd, Path dir) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve("target").resolve("classpath-resolve.log").toFile()).start();
        try {
            return p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public Map<String, String> overrides() {
        return overrides;
    }
}
