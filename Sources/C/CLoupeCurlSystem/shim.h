// libcurl's headers as the system installs them (Debian: libcurl4-openssl-dev). Headers only:
// CLoupeCurl loads the library itself when the first request is made (see curl_shim.h).
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
