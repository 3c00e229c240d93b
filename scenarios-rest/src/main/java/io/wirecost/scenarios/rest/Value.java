package io.wirecost.scenarios.rest;

/**
 * Every RTTTester answer as a JSON object, {@code {"value":1234567}}: REST APIs wrap scalars in an object
 * (a bare JSON number is legal but rare, and leaves no room to grow), so this is what a typical call
 * carries. Jackson binds records by their component names.
 */
public record Value<T>(T value) {}
