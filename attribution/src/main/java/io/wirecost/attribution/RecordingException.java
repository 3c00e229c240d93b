package io.wirecost.attribution;

/** A recording that cannot be read; the message names the file and the problem in one line. */
public class RecordingException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String problem;

    public RecordingException(String file, String problem) {
        super(file + ": " + problem);
        this.problem = problem;
    }

    /** The message without the file. */
    public String problem() {
        return problem;
    }
}
