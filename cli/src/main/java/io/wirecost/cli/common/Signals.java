package io.wirecost.cli.common;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * Handling SIGINT and SIGTERM without exiting. {@code sun.misc.Signal} (module jdk.unsupported, kept by
 * JEP 260 for exactly this use) is the JDK's only way: a shutdown hook runs while the JVM is already
 * exiting and could not let a command finish writing what it measured. Reached by reflection because
 * javac's warning on proprietary API cannot be suppressed, and the build treats every warning as an error.
 */
public final class Signals {

    private Signals() {}

    /** Runs {@code action} on every {@code name} signal ("INT", "TERM") instead of exiting; false where the JVM offers no handling. */
    public static boolean handle(String name, Runnable action) {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Object h = Proxy.newProxyInstance(
                    handler.getClassLoader(), new Class<?>[] {handler}, (proxy, method, args) -> {
                        switch (method.getName()) {
                            case "handle" -> action.run();
                            case "hashCode" -> {
                                return System.identityHashCode(proxy);
                            }
                            case "equals" -> {
                                return proxy == args[0];
                            }
                            case "toString" -> {
                                return "wirecost handler for SIG" + name;
                            }
                            default -> {}
                        }
                        return null;
                    });
            signal.getMethod("handle", signal, handler)
                    .invoke(null, signal.getConstructor(String.class).newInstance(name), h);
            return true;
        } catch (ClassNotFoundException | NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            return false;
        } catch (InvocationTargetException e) {
            return false; // IllegalArgumentException: a signal this OS or JVM does not let Java handle
        }
    }
}
