# Sourced by the GPU bundles' scripts: bundle_fonts DIR CACHE puts the two DejaVu fonts the frames draw with
# in DIR/fonts and a DIR/fonts.conf that finds them there, its cache in CACHE.
bundle_fonts() {
  mkdir -p "$1/fonts"
  cp "$(fc-match -f '%{file}' 'DejaVu Sans')" "$(fc-match -f '%{file}' 'DejaVu Sans:bold')" "$1/fonts/"
  cat >"$1/fonts.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir prefix="relative">fonts</dir>
  <cachedir>$2</cachedir>
</fontconfig>
CONF
}
