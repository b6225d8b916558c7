# Shared procs for the bpf-run test drivers (sourced, not a driver).

# Run a command; stdout and stderr apart.  Returns [list STATUS STDOUT STDERR].
proc brun_exec { args } {
    set errf [file join [bpfs_tmpdir] "stderr.[pid]"]
    set status 0
    if { [catch { set out [eval exec -ignorestderr -- $args 2> $errf] } out opts] } {
        set code [dict get $opts -errorcode]
        if { [lindex $code 0] eq "CHILDSTATUS" } {
            set status [lindex $code 2]
            regsub {\n?child process exited abnormally$} $out "" out
        } elseif { [lindex $code 0] eq "CHILDKILLED" } {
            set status 999
        } else {
            set status 255
        }
    }
    set err ""
    if { [file exists $errf] } {
        set f [open $errf]
        set err [read $f]
        close $f
        file delete $errf
    }
    return [list $status $out $err]
}

# Test packets for --data-hex @NAME.
set brun_packets(UDP) "001122334455667788990aab08004500002e000100004011f76ac0a80101c0a8010204d2162e001a000068656c6c6f2062706620776f726c6421210a"
set brun_packets(TCP) "ffffffffffff0a0b0c0d0e0f08004500002800024000400600000a0000010a0000020050d4310000000100000000501020000000000000"
set brun_packets(ARP) "ffffffffffff020406080a0c08060001080006040001020406080a0c0a0000010000000000000a000002"
set brun_packets(V6) "333300000001020406080a0c86dd6000000000083a40fe800000000000000000000000000001ff0200000000000000000000000000018000000000010001"

proc brun_subst_args { argstr } {
    global brun_packets
    foreach n [array names brun_packets] {
        regsub -all "@$n\\y" $argstr $brun_packets($n) argstr
    }
    return $argstr
}

# Compilers: name -> command prefix (output and source appended).
proc brun_compilers { } {
    global CLANG BPF_GCC PLUGIN
    set inc [list -I/usr/include -idirafter /usr/include/x86_64-linux-gnu]
    set l [list clang [concat $CLANG -target bpf -O2 -g -c $inc]]
    lappend l gcc [concat $BPF_GCC -O2 -gbtf -c $inc]
    if { [info exists PLUGIN] && [file exists $PLUGIN] } {
        lappend l gcc-plugin [concat $BPF_GCC -fplugin=$PLUGIN -O2 -g -gbtf -c $inc]
    }
    return $l
}

proc brun_json_field { json field } {
    if { [regexp "\"$field\":(-?\[0-9\]+)" $json -> v] } { return $v }
    if { [regexp "\"$field\":\"(\[^\"\]*)\"" $json -> v] } { return $v }
    return "<none>"
}

proc brun_json_maps { json } {
    if { [regexp {"maps":(\{.*\})\}\s*$} $json -> v] } { return $v }
    return "<none>"
}

# Directives in a test source: lines "/// ARGS: ..." (one run each),
# "/// CHECK: regexp" (bpf-run output), "/// ONLY: clang" etc.
proc brun_directives { src key } {
    set f [open $src]
    set text [read $f]
    close $f
    set r {}
    foreach line [split $text "\n"] {
        if { [regexp "^///\\s*$key:\\s*(.*)\$" $line -> v] } { lappend r [string trim $v] }
    }
    return $r
}
