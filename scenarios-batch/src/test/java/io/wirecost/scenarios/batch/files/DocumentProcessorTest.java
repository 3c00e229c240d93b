package io.wirecost.scenarios.batch.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DocumentProcessorTest {

    static final DocumentProcessor PROCESSOR = new DocumentProcessor(new FileStore(20));

    @Test
    void aBatchReturnsEveryRequestedFileWithItsAttributes() {
        FileResult[] r = PROCESSOR.perform(Request.forFiles(7));
        assertEquals(7, r.length);
        for (int i = 0; i < 7; i++) {
            assertEquals(i + 1, r[i].getResultId());
            assertEquals(FileResult.OK, r[i].getStatusCode());
            assertEquals("/base/section/test" + i + ".htm", r[i].getLocation());
            assertEquals(FileStore.text(i), r[i].getText());
            assertEquals(100, r[i].getLength());
            assertEquals("text/html", r[i].getType());
            assertEquals("UTF-8", r[i].getEncoding());
            assertEquals(FileStore.MODIFIED_MILLIS, r[i].getModified());
        }
    }

    @Test
    void filesAreHundredCharacterPagesThatDiffer() {
        assertEquals(100, FileStore.text(0).length());
        assertEquals(100, FileStore.text(19).length());
        assertEquals(false, FileStore.text(1).equals(FileStore.text(2)));
    }

    @Test
    void aMissingFileIsAStatusCodeNotAnException() {
        Request doc = Request.forFiles(21); // the store has test0..test19
        FileResult[] r = PROCESSOR.perform(doc);
        assertEquals(21, r.length);
        assertEquals(FileResult.OK, r[19].getStatusCode());
        assertEquals(FileResult.NOT_FOUND, r[20].getStatusCode());
        assertEquals("/base/section/test20.htm", r[20].getLocation());
    }

    @Test
    void everythingBelowAMissingContainerIsMissing() {
        Request doc = Request.forFiles(3);
        doc.getItems()[0].setName("nobase");
        for (FileResult r : PROCESSOR.perform(doc)) {
            assertEquals(FileResult.NOT_FOUND, r.getStatusCode());
            assertEquals(true, r.getLocation().startsWith("/nobase/section/"), r.getLocation());
        }
    }

    @Test
    void aRequestDeeperThanTheLimitIsRefused() {
        Request deep = new Request("base");
        Request top = deep;
        for (int i = 0; i < DocumentProcessor.MAX_DEPTH + 1; i++) {
            Request next = new Request("section");
            deep.setItems(new Request[] {next});
            deep = next;
        }
        Request root = new Request();
        root.setItems(new Request[] {top});
        assertThrows(IllegalArgumentException.class, () -> PROCESSOR.perform(root));
    }
}
