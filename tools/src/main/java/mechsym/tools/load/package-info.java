/** {@code mechsym load}: an open-loop HTTP load generator at a fixed, ramping or stepped arrival rate, timing each answer from its intended start. */
package mechsym.tools.load;
