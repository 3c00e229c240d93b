package io.wirecost.scenarios.batch;

import io.wirecost.scenarios.batch.files.FileStore;
import io.wirecost.scenarios.batch.rmi.Container;
import java.util.ArrayList;
import java.util.List;

/**
 * Seed 004's RMI client (Fig. 2): walks the path object by object for every file, as the
 * object-oriented interface invites; {@code root} was looked up once (not timed, as in the paper).
 */
final class ObjectClient implements FileClient {

    static final int CALLS_PER_FILE = 5;

    private final Container root;
    private long calls;

    ObjectClient(Container root) {
        this.root = root;
    }

    @Override
    public List<String> fetch(int n) throws Exception {
        List<String> texts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            texts.add(root.sub(FileStore.BASE)
                    .sub(FileStore.SECTION)
                    .sub(FileStore.fileName(i))
                    .get()
                    .getText());
            calls += CALLS_PER_FILE;
        }
        return texts;
    }

    @Override
    public long calls() {
        return calls;
    }
}
