module example {
    requires mechsym.core;
}
