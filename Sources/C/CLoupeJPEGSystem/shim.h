// libjpeg-turbo as the system installs it (Debian: libjpeg62-turbo-dev, pkg-config libjpeg).
#include <stdio.h>
#include <jpeglib.h>
