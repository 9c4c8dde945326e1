package mechsym.tools.trades;

import java.util.Arrays;

/**
 * An open-addressing map from {@code long} keys to dense slot numbers 0, 1, 2, ... in order of first
 * appearance; allocates only when it grows. Not thread-safe.
 */
final class LongSlots {
    private long[] keys = new long[64];
    private int[] slots = new int[64];
    private int size;

    LongSlots() {
        Arrays.fill(slots, -1);
    }

    /** The slot of {@code key}, adding it with the next slot number if new. */
    int slotOf(long key) {
        int mask = keys.length - 1;
        int at = Long.hashCode(key * 0x9E3779B97F4A7C15L) & mask;
        while (true) {
            int slot = slots[at];
            if (slot < 0) {
                return add(key, at);
            }
            if (keys[at] == key) {
                return slot;
            }
            at = (at + 1) & mask;
        }
    }

    private int add(long key, int at) {
        keys[at] = key;
        slots[at] = size;
        int slot = size++;
        if (size * 2 > keys.length) {
            grow();
        }
        return slot;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldSlots = slots;
        keys = new long[oldKeys.length * 2];
        slots = new int[oldSlots.length * 2];
        Arrays.fill(slots, -1);
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldSlots[i] >= 0) {
                int at = Long.hashCode(oldKeys[i] * 0x9E3779B97F4A7C15L) & mask;
                while (slots[at] >= 0) {
                    at = (at + 1) & mask;
                }
                keys[at] = oldKeys[i];
                slots[at] = oldSlots[i];
            }
        }
    }

    int size() {
        return size;
    }

    /** The keys in slot order. */
    long[] keysInSlotOrder() {
        long[] ordered = new long[size];
        for (int i = 0; i < keys.length; i++) {
            if (slots[i] >= 0) {
                ordered[slots[i]] = keys[i];
            }
        }
        return ordered;
    }
}
