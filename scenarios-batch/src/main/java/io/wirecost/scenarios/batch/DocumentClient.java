package io.wirecost.scenarios.batch;

import io.wirecost.scenarios.batch.files.FileResult;
import io.wirecost.scenarios.batch.files.Request;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A document-style client: builds one request document for the batch, sends it in one call, matches
 * results to requests by result id and turns a status code other than 200 into an exception (seed
 * 004, section II-C). The transport (SOAP or RMI) is the function it is given.
 */
final class DocumentClient implements FileClient {

    /** The remote call: a web service port's or an RMI stub's {@code perform}. */
    @FunctionalInterface
    interface Perform {
        FileResult[] perform(Request doc) throws Exception;
    }

    private final Perform perform;
    private long calls;

    DocumentClient(Perform perform) {
        this.perform = perform;
    }

    @Override
    public List<String> fetch(int n) throws Exception {
        FileResult[] results = perform.perform(Request.forFiles(n));
        calls++;
        return texts(results, n);
    }

    static List<String> texts(FileResult[] results, int n) {
        String[] texts = new String[n];
        for (FileResult r : results == null ? new FileResult[0] : results) {
            int i = r.getResultId() - 1;
            if (i < 0 || i >= n)
                throw new IllegalStateException("result for an id never requested: " + r.getResultId());
            if (r.getStatusCode() != FileResult.OK)
                throw new IllegalStateException(r.getLocation() + ": status " + r.getStatusCode());
            texts[i] = r.getText();
        }
        List<String> out = new ArrayList<>(Arrays.asList(texts));
        if (out.contains(null))
            throw new IllegalStateException(
                    "missing results: " + n + " requested, " + (results == null ? 0 : results.length) + " returned");
        return out;
    }

    @Override
    public long calls() {
        return calls;
    }
}
