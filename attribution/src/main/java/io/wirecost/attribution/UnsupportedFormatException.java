package io.wirecost.attribution;

/** A valid recording in a format async-profiler's reader does not read: named, never called corrupted. */
public final class UnsupportedFormatException extends RecordingException {
    private static final long serialVersionUID = 1L;

    private final transient JfrFormat format;

    public UnsupportedFormatException(String file, JfrFormat format) {
        super(
                file,
                format.describe() + ": wirecost reads JFR format 2.x (JDK 11 and later, async-profiler 2 and later); "
                        + "JDK Mission Control reads it");
        this.format = format;
    }

    public JfrFormat format() {
        return format;
    }
}
