package mechsym.lab.experiments.nullcheck;

/** The post's two operations: the branch taken adds 2, the other adds 3, so a wrong branch shows. */
public final class Operations {
    public int op1(int i) {
        return i + 2;
    }

    public int op2(int i) {
        return i + 3;
    }
}
