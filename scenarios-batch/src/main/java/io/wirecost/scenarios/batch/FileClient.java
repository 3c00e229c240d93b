package io.wirecost.scenarios.batch;

import java.util.List;

/** One way of fetching files 0..n-1 of {@code /base/section} in one transaction. */
public interface FileClient {

    /** The texts of test0.htm .. test(n-1).htm, in order; throws when a file is missing. */
    List<String> fetch(int n) throws Exception;

    /** Remote calls made so far (RMI calls or HTTP requests; RMI's own DGC calls are not counted). */
    long calls();
}
