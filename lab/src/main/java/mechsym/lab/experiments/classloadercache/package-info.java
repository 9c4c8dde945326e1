/** The classloader-cache experiment: class loading through a ClassLoader with and without a cache (ConcurrentHashMap, Caffeine). */
package mechsym.lab.experiments.classloadercache;
