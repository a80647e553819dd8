// libpng as the system installs it (Debian: libpng-dev, pkg-config libpng).
#include <png.h>
