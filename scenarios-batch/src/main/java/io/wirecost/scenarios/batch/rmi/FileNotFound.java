package io.wirecost.scenarios.batch.rmi;

import java.io.Serial;

/** {@link Container#sub} of a name that does not exist, raised at once, as seed 004 describes. */
public class FileNotFound extends Exception {

    @Serial
    private static final long serialVersionUID = 1L;

    public FileNotFound(String location) {
        super(location);
    }
}
