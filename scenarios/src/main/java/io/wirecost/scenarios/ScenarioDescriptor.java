package io.wirecost.scenarios;

import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the runner needs to know about a scenario without loading it: the scenario class lives in a
 * Maven module of its own ({@code scenarios}, {@code scenarios-ws}, ...), whose exact classpath the
 * scenario JVMs get, so middleware that cannot share a classpath (Tomcat 9 and 10.1) never has to.
 * Everything a scenario declares is here, in {@link Scenarios}' one line per scenario: its capabilities
 * and the {@code --scenario-option} keys it reads beside the ones every scenario reads.
 *
 * @param module     directory of the Maven module holding the class
 * @param className  implementation of {@link Scenario}, instantiated in the scenario JVMs
 * @param capabilities what the runner may or must do with it
 * @param adaptiveCompileThresholdScaling HotSpot's {@code -XX:CompileThresholdScaling} that the adaptive method
 *                   starts this scenario's JVMs with; 1 (HotSpot's own thresholds) for all but scenarios whose calls
 *                   are too slow to reach C2's thresholds in a warm-up of minutes (why: the runner's JvmLauncher)
 * @param options    the scenario's own {@code --scenario-option} keys ({@link Scenarios#COMMON_OPTIONS} aside)
 */
public record ScenarioDescriptor(
        String name,
        String paperColumn,
        String module,
        String className,
        Set<Capability> capabilities,
        double adaptiveCompileThresholdScaling,
        Set<String> options) {

    public enum Capability {
        /** The runner generates keys and certificates first (a per-run, owner-only directory). */
        NEEDS_KEYS,
        /** Its servers bind the {@code --remote} server address (the tunnelled ones are built around loopback). */
        RUNS_REMOTE,
        /** No paper measured it: tables mark it "today only". */
        TODAY_ONLY
    }

    public ScenarioDescriptor {
        capabilities = capabilities.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(capabilities));
        options = Set.copyOf(options);
    }

    /** A scenario with HotSpot's own JIT thresholds and no option of its own. */
    public ScenarioDescriptor(String name, String paperColumn, String module, String className, Capability... caps) {
        this(name, paperColumn, module, className, Set.of(caps), 1.0, Set.of());
    }

    /** The same scenario reading these {@code --scenario-option} keys of its own too. */
    public ScenarioDescriptor withOptions(String... keys) {
        Set<String> all = new LinkedHashSet<>(options);
        all.addAll(List.of(keys));
        return new ScenarioDescriptor(
                name, paperColumn, module, className, capabilities, adaptiveCompileThresholdScaling, all);
    }

    /** The same scenario started by the adaptive method with {@code -XX:CompileThresholdScaling=scaling}. */
    public ScenarioDescriptor withCompileThresholdScaling(double scaling) {
        return new ScenarioDescriptor(name, paperColumn, module, className, capabilities, scaling, options);
    }

    public boolean has(Capability c) {
        return capabilities.contains(c);
    }

    public boolean needsKeys() {
        return has(Capability.NEEDS_KEYS);
    }

    public Scenario instantiate() {
        try {
            return (Scenario) Class.forName(className).getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(
                    "scenario '" + name + "' needs module " + module + " on the classpath (" + className + ")");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create scenario '" + name + "': " + e);
        }
    }
}
