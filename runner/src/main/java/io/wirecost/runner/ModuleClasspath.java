package io.wirecost.runner;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exact classpath of a scenario module: its compiled classes plus {@code target/classpath.txt},
 * written by {@code dependency:build-classpath} at build time. Each scenario JVM gets only its own
 * module's middleware, at the versions that module was built with.
 *
 * <p>With Maven property overrides (a candidate's {@code metro.version=4.0.4}, say), the dependencies
 * are resolved again by Maven with those properties, once per module and set of overrides; the
 * project's own classes stay the same, only the middleware jars change. The project's own modules
 * (the harness, its test helpers) are resolved from the reactor, never from a local repository where
 * nothing installed them: Maven's reactor hands out a sibling's {@code target/classes} (or
 * {@code target/test-classes}) only when the session ran its compile (test-compile) phase, so the
 * resolution runs the lifecycle to {@code test-compile} with compiling, resources and tests skipped,
 * and the build's own {@code build-classpath} execution writes to the file named by
 * {@code wirecost.classpath.file}. Only a verified classpath is cached; a failed one never is.
 */
public final class ModuleClasspath {

    /** How long one Maven resolution may take: a registry that stops answering must not hang the run. */
    static final Duration MAVEN_LIMIT = Duration.ofSeconds(300);

    private final Path projectRoot;
    private final Map<String, String> overrides;
    private final String maven;
    private final Duration mavenLimit;
    private final Map<String, String> cache = new ConcurrentHashMap<>();

    public ModuleClasspath(Path projectRoot) {
        this(projectRoot, Map.of());
    }

    public ModuleClasspath(Path projectRoot, Map<String, String> overrides) {
        this(projectRoot, overrides, "mvn", MAVEN_LIMIT);
    }

    /** With another Maven executable and time limit (tests). */
    ModuleClasspath(Path projectRoot, Map<String, String> overrides, String maven, Duration mavenLimit) {
        this.projectRoot = projectRoot;
        this.overrides = new TreeMap<>(overrides);
        this.maven = maven;
        this.mavenLimit = mavenLimit;
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
        if (!Files.isRegularFile(out) || !usable(module, Files.readString(out))) {
            Files.deleteIfExists(out); // a cache from an older, failed resolution
            Path partial = dir.resolve("target").resolve(out.getFileName() + ".partial");
            Files.deleteIfExists(partial);
            MavenResolution.Outcome outcome =
                    new MavenResolution(projectRoot, maven, mavenLimit).run(module, dir, overrides, partial);
            if (outcome != MavenResolution.Outcome.OK
                    || !Files.isRegularFile(partial)
                    || !usable(module, Files.readString(partial))) {
                Files.deleteIfExists(partial);
                String what = "module " + module + " with " + overrides;
                throw new IllegalArgumentException(switch (outcome) {
                            case TIMED_OUT ->
                                "Maven did not resolve " + what + " within " + mavenLimit.toSeconds()
                                        + " s and was stopped";
                            case INTERRUPTED -> "Maven's resolution of " + what + " was interrupted";
                            default -> "Maven cannot resolve " + what;
                        }
                        + " (see " + dir.resolve("target/classpath-resolve.log") + ")");
            }
            Files.move(
                    partial,
                    out,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        // wirecost's own modules, should a local repository hold them: use this checkout's classes instead
        StringBuilder sb = new StringBuilder();
        for (String entry : Files.readString(out).strip().split(File.pathSeparator)) {
            String e = entry;
            int at = entry.indexOf("/io/wirecost/wirecost-");
            if (at >= 0) {
                String artifact =
                        entry.substring(at + "/io/wirecost/wirecost-".length()).split("/")[0];
                e = projectRoot
                        .resolve(artifact)
                        .resolve("target")
                        .resolve("classes")
                        .toString();
            }
            if (sb.length() > 0) sb.append(File.pathSeparator);
            sb.append(e);
        }
        return sb.toString();
    }

    /** A classpath worth caching: every entry exists and the harness (module {@code scenarios}) is on it, unless it is the module. */
    boolean usable(String module, String classpath) {
        String cp = classpath.strip();
        if (cp.isEmpty()) return false;
        if (module.equals("scenarios"))
            return java.util.Arrays.stream(cp.split(File.pathSeparator)).allMatch(e -> Files.exists(Path.of(e)));
        Path harness = projectRoot
                .resolve("scenarios")
                .resolve("target")
                .resolve("classes")
                .toAbsolutePath()
                .normalize();
        boolean hasHarness = false;
        for (String entry : cp.split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath().normalize();
            if (!Files.exists(p)) return false;
            hasHarness |= p.equals(harness) || entry.contains("/io/wirecost/wirecost-scenarios/");
        }
        return hasHarness;
    }

    public Map<String, String> overrides() {
        return overrides;
    }
}
