// mex.h: the minimum excludant as the yardsticks take it, shared by
// bacterial.cpp and inventor.cpp (caos3.cpp keeps its values in a hash set).
#ifndef YARDSTICK_MEX_H
#define YARDSTICK_MEX_H

#include <vector>

// mark notes that the value g occurs; values past the end of seen cannot
// be the mex, so they are not kept.
inline void mark(std::vector<char>& seen, int g) {
    if (g < (int)seen.size()) seen[g] = 1;
}

// mex returns the least value not marked in seen (seen must have an
// unmarked entry: one more entry than there are values).
inline int mex(const std::vector<char>& seen) {
    int m = 0;
    while (seen[m]) m++;
    return m;
}

#endif
