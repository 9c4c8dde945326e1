package mechsym.lab.experiments.dispatch;

/** The post's interface and its four implementations, as in "Invoke Interface Optimisations". */
public interface Operation {
    int map(int value);

    final class IncOperation implements Operation {
        @Override
        public int map(int value) {
            return value + 1;
        }
    }

    final class DecOperation implements Operation {
        @Override
        public int map(int value) {
            return value - 1;
        }
    }

    final class StepIncOperation implements Operation {
        @Override
        public int map(int value) {
            return value + 7;
        }
    }

    final class StepDecOperation implements Operation {
        @Override
        public int map(int value) {
            return value - 3;
        }
    }
}
