package mechsym.lab.experiments.memoryaccess;

import static org.assertj.core.api.Assertions.assertThat;

import mechsym.lab.experiments.memoryaccess.MemoryWalk.Stride;
import org.junit.jupiter.api.Test;

class LargePrimeStrideTest {
    /** The quick profile's 1 GiB of longs. */
    private static final int WORDS = 1 << 27;

    @Test
    void thePostsLargePrimeWalkIsEightStreamsEachSteppingBackOneLineOverOneGib() {
        int mask = WORDS - 1;
        int streams = WORDS >> 24;
        int[] positions = new int[10_000];
        int pos = -1; // where the post's walk starts
        for (int i = 0; i < positions.length; i++) {
            pos = Stride.RANDOM_HEAP_WALK_LARGE_PRIME.next(mask, 0, 0, pos);
            positions[i] = pos;
        }
        for (int i = streams; i < positions.length; i++) {
            assertThat(positions[i]).isEqualTo((positions[i - streams] - streams) & mask);
        }
        assertThat(MemoryAccessExperiment.largePrimeStrideNote(WORDS))
                .contains("8 interleaved streams, each moving back 64 bytes per visit")
                .contains("16,777,215 words");
    }

    @Test
    void overAnArrayOfAtMostTwoToTheTwentyFourWordsItWalksBackwardsWordByWord() {
        int words = 1 << 21; // the tiny profile's 16 MiB
        int pos = 100;
        assertThat(Stride.RANDOM_HEAP_WALK_LARGE_PRIME.next(words - 1, 0, 0, pos))
                .isEqualTo(99);
        assertThat(MemoryAccessExperiment.largePrimeStrideNote(words))
                .contains("one stream walking backwards one word at a time");
    }
}
