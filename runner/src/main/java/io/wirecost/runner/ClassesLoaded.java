package io.wirecost.runner;

/** Classes the server and client JVMs loaded during the timed pass (results.json's {@code timed_pass_classes_loaded}). */
public record ClassesLoaded(long server, long client) {}
