package io.wirecost.scenarios;

/**
 * What the runner needs to know about a scenario without loading it: the scenario class lives in a
 * Maven module of its own ({@code scenarios}, {@code scenarios-ws}, ...), whose exact classpath the
 * scenario JVMs get, so middleware that cannot share a classpath (Tomcat 9 and 10.1) never has to.
 *
 * @param module     directory of the Maven module holding the class
 * @param className  implementation of {@link Scenario}, instantiated in the scenario JVMs
 * @param needsKeys  the runner generates keys and certificates first
 * @param adaptiveCompileThresholdScaling HotSpot's {@code -XX:CompileThresholdScaling} that the adaptive method
 *                   starts this scenario's JVMs with; 1 (HotSpot's own thresholds) for all but scenarios whose calls
 *                   are too slow to reach C2's thresholds in a warm-up of minutes (why: the runner's JvmLauncher)
 */
public record ScenarioDescriptor(
        String name,
        String paperColumn,
        String module,
        String className,
        boolean needsKeys,
        double adaptiveCompileThresholdScaling) {

    /** A scenario whose JVMs keep HotSpot's own JIT thresholds by every method. */
    public ScenarioDescriptor(String name, String paperColumn, String module, String className, boolean needsKeys) {
        this(name, paperColumn, module, className, needsKeys, 1.0);
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
