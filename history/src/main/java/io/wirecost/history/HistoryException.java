package io.wirecost.history;

/** Unusable input or database; the message is one line naming the file, option or field. */
public final class HistoryException extends Exception {
    private static final long serialVersionUID = 1L;

    public HistoryException(String message) {
        super(message);
    }
}
