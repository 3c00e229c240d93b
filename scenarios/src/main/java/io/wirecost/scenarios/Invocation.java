package io.wirecost.scenarios;

/** One remote call, bound to its operation; throws when the call fails or returns a wrong value. */
@FunctionalInterface
public interface Invocation {
    void call() throws Exception;
}
