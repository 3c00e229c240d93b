package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The own reader lets the classifier classify a chunk's stacks while other chunks are still read
 * ({@link SampleSink#anticipate}). Beginning that chunk keeps what was classified; beginning another (the file left to
 * the general reader after all) must not, since that chunk's ids name other stacks.
 */
class AnticipatedClassificationTest {

    private static final RuleSet RULES = RuleSet.defaults();

    /** One chunk whose stack 0 is the given frames, leaf first, on a thread named "main". */
    private static ChunkView chunk(String... leafFirst) {
        return new ChunkView() {
            @Override
            public long[] stackMethods(int stackTraceId) {
                long[] ids = new long[leafFirst.length];
                for (int i = 0; i < ids.length; i++) ids[i] = i;
                return ids;
            }

            @Override
            public byte[] stackTypes(int stackTraceId) {
                return new byte[leafFirst.length];
            }

            @Override
            public Frame frame(long methodId, byte frameType) {
                return Frame.parse(leafFirst[(int) methodId]);
            }

            @Override
            public String threadName(int threadId) {
                return "main";
            }

            @Override
            public long epochNanos(long ticks) {
                return ticks;
            }

            @Override
            public long recordingStartNanos() {
                return 0;
            }
        };
    }

    private static final ChunkView SECURITY =
            chunk("java.util.HashMap.get", "java.lang.SecurityManager.checkPermission", "com.example.Main.main");
    private static final ChunkView APPLICATION = chunk("com.example.Indexer.scan", "com.example.Main.main");

    private static String categoryOfStackZero(List<ChunkView> anticipated, ChunkView begun) {
        CategoryCounts counts = new CategoryCounts(RULES.categories());
        StackClassifier classifier = new StackClassifier(RULES, counts);
        for (ChunkView c : anticipated) classifier.anticipate(c, 0, 0);
        classifier.beginChunk(begun);
        classifier.samples(0, 0, 5, 5, 25);
        for (int i = 0; i < RULES.categories().size(); i++) {
            if (counts.samples(i) == 5) return RULES.category(i).name();
        }
        throw new AssertionError("no category holds the samples");
    }

    @Test
    void classifiedAheadAsWhenClassifiedOnArrival() {
        assertEquals("security-manager", categoryOfStackZero(List.of(SECURITY), SECURITY));
        assertEquals(
                categoryOfStackZero(List.of(), APPLICATION), categoryOfStackZero(List.of(APPLICATION), APPLICATION));
    }

    @Test
    void anotherChunkBegunInsteadIsClassifiedAfresh() {
        String fallback = RULES.category(RULES.fallbackIndex()).name();
        assertEquals(fallback, categoryOfStackZero(List.of(SECURITY), APPLICATION));
        assertEquals("security-manager", categoryOfStackZero(List.of(APPLICATION), SECURITY));
    }
}
